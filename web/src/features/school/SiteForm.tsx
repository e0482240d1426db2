// The form of a new or a renamed site; the API's German refusal shows in the form.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Input } from '../../shared/ui/Input';
import { FormFooter } from './FormFooter';
import type { Site } from './school-api';
import { useSaveSite } from './school-mutations';
import { SCHOOL_TEXTS as T } from './school-texts';

export function SiteForm({ schoolId, site, onDone }: { schoolId: string; site?: Site; onDone?: () => void }) {
  const save = useSaveSite(schoolId);
  const [name, setName] = useState(site?.name ?? '');
  const [address, setAddress] = useState(site?.address ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { siteId: site?.id, body: { name, address } },
      {
        onSuccess: () => {
          toast.success(site ? T.siteSaved : T.siteCreated);
          if (!site) {
            setName('');
            setAddress('');
          }
          onDone?.();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <form className="form school-form" onSubmit={submit} aria-label={site ? `${T.siteName}: ${site.name}` : T.newSite}>
      <div className="form-row">
        <Input label={T.siteName} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        <Input label={T.siteAddress} value={address} onChange={(e) => setAddress(e.target.value)} maxLength={300} />
      </div>
      <FormFooter error={error} pending={save.isPending} submit={site ? T.save : T.addSite} onCancel={onDone} />
    </form>
  );
}
