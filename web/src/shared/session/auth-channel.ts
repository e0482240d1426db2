// Cross-tab session messages over BroadcastChannel('auth').
export type AuthMessage = { type: 'logout' } | { type: 'login' };

export const AUTH_CHANNEL_NAME = 'auth';

export interface AuthChannel {
  post(message: AuthMessage): void;
  close(): void;
}

export function openAuthChannel(onMessage: (message: AuthMessage) => void): AuthChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    const data = event.data as Partial<AuthMessage> | null;
    if (data && (data.type === 'logout' || data.type === 'login')) onMessage(data as AuthMessage);
  };
  return {
    post: (message) => channel.postMessage(message),
    close: () => channel.close(),
  };
}
