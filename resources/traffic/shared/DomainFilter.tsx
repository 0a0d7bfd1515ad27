import { useTranslate } from 'react-admin';
import { MultiSelect } from '../analysis/MultiSelect';

/** The domains filter of the traffic screens (none chosen: all domains). */
export function DomainFilter({ options, value, onChange }: { options: string[]; value: string[]; onChange: (domains: string[]) => void }) {
  const translate = useTranslate();
  return (
    <MultiSelect
      label={translate('portal.traffic.domains')}
      options={options}
      value={value}
      onChange={onChange}
      emptyText={translate('portal.traffic.allDomains')}
      width={280}
      testId="filter-domains"
    />
  );
}
