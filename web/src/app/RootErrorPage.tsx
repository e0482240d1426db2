import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** The router's error page (docs/product/screens.md). */
export function RootErrorPage() {
  const error = useRouteError();
  return (
    <div className="error-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="error-page__message">{routeErrorMessage(error)}</p>
      <p>
        <Link to="/" reloadDocument>
          Zur Startseite
        </Link>
      </p>
    </div>
  );
}
