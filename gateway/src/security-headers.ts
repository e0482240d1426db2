import type { ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { GatewayConfig } from './config.js';

/** Every powerful browser feature the app does not use, denied to it and to anything it embeds. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((f) => `${f}=()`)
  .join(', ');

/**
 * The headers among them that only a document (or a worker) reads: a script or style sheet the page loads
 * ignores them. The web app's hashed scripts and style sheets go without them (gateway/src/static-assets.ts,
 * docs/adr/0015-lean-asset-headers.md): about 0.9 KB less on each of the twenty files of a first load.
 * `X-Content-Type-Options`, `Cross-Origin-Resource-Policy` and `Referrer-Policy` (a style sheet's own
 * requests follow it) stay on every answer.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'Permissions-Policy',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const;

/**
 * The security headers of every gateway answer, as helmet builds them, worked out once at start:
 * none of them depends on the request, and helmet's chain of a dozen middlewares per request was a
 * measurable part of the gateway's work under load. Returns the function that sets them.
 */
export function securityHeaders(cfg: GatewayConfig): (res: ServerResponse) => void {
  const headers: [string, string][] = [];
  const collect = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let done = false;
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: cfg.PUBLIC_BASE_URL.startsWith('https://'),
  })({} as never, collect as never, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // helmet sets its headers synchronously; a future version that did not would leave answers unprotected.
  if (!done || headers.length === 0) throw new Error('helmet did not set its headers synchronously');
  // helmet has no Permissions-Policy: the app uses none of these browser features, nor may a page it frames.
  headers.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  return (res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}
