// The school's sites: a list for everybody; rename, delete and a form for a new one for its administrators.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../shared/ui/Alert';
import { Card } from '../../shared/ui/Card';
import { useDeleteConfirmed } from './use-delete-confirmed';
import { ItemActions } from './FormFooter';
import { LoadState } from './LoadState';
import { sitesQuery } from './school-api';
import { useDeleteSite } from './school-mutations';
import { SCHOOL_TEXTS as T } from './school-texts';
import { SiteForm } from './SiteForm';

export function SitesCard({ schoolId, admin }: { schoolId: string; admin: boolean }) {
  const sites = useQuery(sitesQuery(schoolId));
  const { remove, error, dialog } = useDeleteConfirmed(useDeleteSite(schoolId));
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <Card title={T.sites}>
      <LoadState queries={[sites]} />
      {sites.data?.length === 0 && <p className="muted">{T.noSites}</p>}
      {sites.data && sites.data.length > 0 && (
        <ul className="school-list" aria-label={T.sites}>
          {sites.data.map((site) =>
            editing === site.id ? (
              <li key={site.id} className="school-item">
                <SiteForm schoolId={schoolId} site={site} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={site.id} className="school-item">
                <div className="school-item__text">
                  <p className="school-item__name">{site.name}</p>
                  {site.address && <p className="school-item__meta">{site.address}</p>}
                </div>
                {admin && (
                  <ItemActions
                    name={site.name}
                    onEdit={() => setEditing(site.id)}
                    onDelete={() => void remove(site.id, T.deleteSiteTitle, T.deleteSite(site.name))}
                  />
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {error && <Alert kind="error" title={error} />}
      {admin && sites.data && (
        <section className="school-new" aria-label={T.newSite}>
          <h3 className="school-new__title">{T.newSite}</h3>
          <SiteForm schoolId={schoolId} />
        </section>
      )}
      {dialog}
    </Card>
  );
}
