// GET /site/countries (public): the country list used by Start, Sign Up and Edit Profile.
import { queryOptions } from '@tanstack/react-query';
import type { Country, Paged } from '../../server/contract/types';
import { request } from './http';

export const countriesQuery = () =>
  queryOptions({
    queryKey: ['site', 'countries'],
    queryFn: async ({ signal }) => {
      const res = await request<Country[] | Paged<Country>>('/site/countries', { auth: 'visitor', signal });
      return Array.isArray(res) ? res : (res?.results ?? []);
    },
    staleTime: 1000 * 60 * 60,
  });
