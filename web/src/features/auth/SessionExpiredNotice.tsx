import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { readStorage, removeStorage, SESSION_EXPIRED_KEY } from '../../shared/storage';
import { Alert } from '../../shared/ui/Alert';

export const SESSION_EXPIRED_MESSAGE = 'Deine Sitzung ist abgelaufen. Bitte melde Dich erneut an.';

/** Shows the expired-session note once when the 401 flow left its flag (then clears it). */
export function SessionExpiredNotice() {
  const { key } = useLocation();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (readStorage(SESSION_EXPIRED_KEY) === 'true') {
      removeStorage(SESSION_EXPIRED_KEY);
      setExpired(true);
    }
  }, [key]);
  if (!expired) return null;
  return <Alert kind="warning" title={SESSION_EXPIRED_MESSAGE} />;
}
