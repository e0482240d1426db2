// Travel minutes between the school's sites: one row per pair (the same both ways); its administrators change
// the minutes and save them all at once, its teachers read them.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Table } from '../../shared/ui/Table';
import { LoadState } from './LoadState';
import { sitesQuery, travelQuery, type Site, type Travel } from './school-api';
import { useSaveTravel } from './school-mutations';
import { SCHOOL_TEXTS as T } from './school-texts';

interface Pair {
  key: string;
  from: Site;
  to: Site;
}

/** Every pair of sites once, in the order of the list. */
function pairsOf(sites: Site[]): Pair[] {
  return sites.flatMap((from, i) => sites.slice(i + 1).map((to) => ({ key: `${from.id}|${to.id}`, from, to })));
}

function minutesOf(travel: Travel, pair: Pair): number {
  const entry = travel.travel.find((t) => (t.from === pair.from.id && t.to === pair.to.id) || (t.from === pair.to.id && t.to === pair.from.id));
  return entry?.minutes ?? travel.default_minutes;
}

export function TravelCard({ schoolId, admin }: { schoolId: string; admin: boolean }) {
  const sites = useQuery(sitesQuery(schoolId));
  const travel = useQuery(travelQuery(schoolId));
  if (!sites.data || !travel.data) {
    return (
      <Card title={T.travel}>
        <LoadState queries={[sites, travel]} />
      </Card>
    );
  }
  const pairs = pairsOf(sites.data);
  return (
    <Card title={T.travel}>
      <p className="muted">{T.travelLead(travel.data.default_minutes)}</p>
      {pairs.length === 0 ? (
        <p className="muted">{T.travelNeedsSites}</p>
      ) : (
        <TravelTable key={JSON.stringify(travel.data)} schoolId={schoolId} admin={admin} pairs={pairs} travel={travel.data} />
      )}
    </Card>
  );
}

function TravelTable({ schoolId, admin, pairs, travel }: { schoolId: string; admin: boolean; pairs: Pair[]; travel: Travel }) {
  const save = useSaveTravel(schoolId);
  const [minutes, setMinutes] = useState<Record<string, string>>(() => Object.fromEntries(pairs.map((p) => [p.key, String(minutesOf(travel, p))])));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const entries = pairs.map((p) => ({ from: p.from.id, to: p.to.id, minutes: Number(minutes[p.key] ?? travel.default_minutes) }));
    save.mutate(entries, { onSuccess: () => toast.success(T.travelSaved), onError: (e) => setError(errorMessage(e)) });
  };

  const table = (
    <Table caption={T.travel} captionHidden dense>
      <thead>
        <tr>
          <th scope="col">{T.travelFrom}</th>
          <th scope="col">{T.travelTo}</th>
          <th scope="col">{T.travelMinutes}</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((p) => (
          <tr key={p.key}>
            <td>{p.from.name}</td>
            <td>{p.to.name}</td>
            <td>
              {admin ? (
                <input
                  className="control school-minutes"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={240}
                  aria-label={T.travelLabel(p.from.name, p.to.name)}
                  value={minutes[p.key] ?? ''}
                  onChange={(e) => setMinutes((m) => ({ ...m, [p.key]: e.target.value }))}
                />
              ) : (
                minutesOf(travel, p)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
  if (!admin) return table;
  return (
    <form className="form" onSubmit={submit} aria-label={T.travel}>
      {table}
      {error && <Alert kind="error" title={error} />}
      <div className="button-row">
        <Button type="submit" size="sm" loading={save.isPending}>
          {T.saveTravel}
        </Button>
      </div>
    </form>
  );
}
