// docs/product/classes.md Member: unregistered members' e-mails are checked against registered students; a match
// offers to link the member with that account (announced once per address).
import { useEffect, useMemo, useRef, useState } from 'react';
import { isAbortError } from '../../../shared/api/client';
import { toast } from '../../../shared/toast/toast-store';
import { classesApi, type MemberDto, type PotentialLink } from '../classes-api';
import { isRegistered } from '../member-utils';
import { MEMBER_MESSAGES as M } from '../messages';

const normalised = (email: string) => email.trim().toLowerCase();

/** The registered account an unregistered member could be linked with, by its address. */
export function usePotentialLinks(members: readonly MemberDto[]): (member: MemberDto) => PotentialLink | undefined {
  const [links, setLinks] = useState<Record<string, PotentialLink>>({});
  const announced = useRef(new Set<string>());
  const unregisteredEmails = useMemo(() => [...new Set(members.flatMap((m) => (!isRegistered(m) && m.email ? [normalised(m.email)] : [])))].sort(), [members]);
  const emailsKey = unregisteredEmails.join('\n');
  useEffect(() => {
    if (!emailsKey) {
      setLinks({});
      return;
    }
    let cancelled = false;
    classesApi
      .checkStudentsExist(emailsKey.split('\n'))
      .then((existing) => {
        if (cancelled) return;
        const found: Record<string, PotentialLink> = {};
        for (const [email, link] of Object.entries(existing)) {
          if (link && typeof link.user_id === 'string')
            found[normalised(email)] = { user_id: link.user_id, name: link.name, available_times: link.available_times ?? {} };
        }
        setLinks(found);
        const fresh = Object.keys(found).filter((email) => !announced.current.has(email));
        fresh.forEach((email) => announced.current.add(email));
        if (fresh.length > 0) toast.info(M.linksFound(Object.keys(found).length));
      })
      .catch((error: unknown) => {
        if (!cancelled && !isAbortError(error)) console.error(M.checkFailed, error);
      });
    return () => {
      cancelled = true;
    };
  }, [emailsKey]);
  return (m) => (!isRegistered(m) && m.email ? links[normalised(m.email)] : undefined);
}
