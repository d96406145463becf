import { useQuery } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { PageSpinner } from '../../../components/ui/spinner';
import { fetchIpBlocks, securityKeys } from '../api/security-api';
import { EmailDomainBlocks } from '../components/email-domain-blocks';
import { IpBlockForm } from '../components/ip-block-form';
import { IpBlockList } from '../components/ip-block-list';
import { LoadError } from '../components/page-states';
import { PageHeading } from '../components/query-states';

/** /admin/ip-blocking : block addresses and ranges, see the blocks and their history, block email domains. */
export default function IpBlockingPage() {
  const blocks = useQuery({ queryKey: securityKeys.ipBlocks, queryFn: fetchIpBlocks, staleTime: 0 });
  return (
    <div className="grid gap-6">
      <PageHeading icon={Ban} title="IP Blocking">
        Blocks apply on every server from the next request, and stop at their expiry by themselves.
      </PageHeading>
      <section aria-labelledby="ip-block-form-heading" className="grid gap-4 rounded-2xl border bg-card p-4 sm:p-5">
        <h2 id="ip-block-form-heading" className="text-lg font-semibold">
          Block an address
        </h2>
        <IpBlockForm yourIp={blocks.data?.yourIp} />
      </section>
      {blocks.isPending ? (
        <PageSpinner label="Loading IP blocks" />
      ) : blocks.isError ? (
        <LoadError what="IP blocks" error={blocks.error} onRetry={() => void blocks.refetch()} />
      ) : (
        <IpBlockList blocks={blocks.data.blocks} />
      )}
      <EmailDomainBlocks />
    </div>
  );
}
