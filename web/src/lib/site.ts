import { LIMITS, SITE_PATH, type SiteInfo } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';
import { takePageAnswer } from './page-data';

/** Until the answer arrives (or when it cannot be had): the built-in name and the upload ceiling. */
export const SITE_DEFAULTS: SiteInfo = { name: 'Plates', contactEmail: '', maxUploadBytes: LIMITS.uploadBytes };

/**
 * The admin's site settings every page shows (GET /api/site): the name in the footer, the Contact
 * link, the largest photo the upload form accepts. Pages are served with the answer; it is asked
 * again at most every five minutes, and a failure keeps the defaults.
 */
export function useSite(): SiteInfo {
  const site = useQuery({
    queryKey: [SITE_PATH],
    queryFn: () => apiRequest<SiteInfo>('GET', SITE_PATH),
    initialData: () => takePageAnswer<SiteInfo>(SITE_PATH),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return site.data ?? SITE_DEFAULTS;
}
