import { useQuery } from '@tanstack/react-query';
import { authApi, type Institution } from './auth-api';

export const INSTITUTIONS_ERROR = 'Fehler beim Laden der Institutionen';

export function useInstitutions() {
  return useQuery({
    queryKey: ['institutions'],
    queryFn: async ({ signal }): Promise<Institution[]> => (await authApi.institutions(signal)) ?? [],
    staleTime: 10 * 60_000,
    retry: false,
  });
}
