import { LayoutTemplate } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAuth } from '../../auth';
import { ContentFiltersTab } from '../components/content-filters-tab';
import { FeaturedTab } from '../components/featured-tab';
import { PagesTab } from '../components/pages-tab';
import { PageHeading } from '../components/query-states';

/** The tabs of /admin/content, each with the permission it needs. */
const TABS = [
  { value: 'featured', label: 'Featured', permission: 'manage_content' },
  { value: 'pages', label: 'Pages', permission: 'manage_content' },
  { value: 'filters', label: 'Filters', permission: 'manage_filters' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/**
 * /admin/content : featured plates and the community pages (manage_content), and the content
 * filters (manage_filters). The tab is in the address (?tab=); a member sees only the tabs their
 * permissions cover, and an address naming another opens their first.
 */
export default function ContentPage() {
  const { permissions } = useAuth();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => permissions.includes(tab.permission));
  const asked = params.get('tab');
  const current = tabs.find((tab) => tab.value === asked)?.value ?? tabs[0]?.value;
  const select = (value: string) =>
    setParams(
      (p) => {
        p.set('tab', value);
        return p;
      },
      { replace: true },
    );
  return (
    <div className="grid gap-4">
      <PageHeading icon={LayoutTemplate} title="Content">
        Featured plates on the home feed, the community pages and the filters members’ writing passes through.
      </PageHeading>
      {current ? (
        <Tabs value={current} onValueChange={select} className="grid gap-4">
          <TabsList className="w-full sm:w-fit">
            {tabs.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((tab) => (
            <TabsContent key={tab.value} value={tab.value} className="grid gap-4">
              <TabBody tab={tab.value} />
            </TabsContent>
          ))}
        </Tabs>
      ) : null}
    </div>
  );
}

function TabBody({ tab }: { tab: Tab }) {
  switch (tab) {
    case 'featured':
      return <FeaturedTab />;
    case 'pages':
      return <PagesTab />;
    case 'filters':
      return <ContentFiltersTab />;
  }
}
