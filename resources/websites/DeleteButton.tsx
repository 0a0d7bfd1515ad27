import { useDataProvider, useTranslate } from 'react-admin';
import { ConfirmButton } from '../../src/kit/ConfirmButton';

/**
 * Deletes a website's policy or rule after the user confirms it by name in a dialog (the same
 * question, message and error text for both sub-resources); the list is read again after.
 */
export function DeleteButton<T extends { id: number; name: string }>(p: { resource: string; record: T; testId: string }) {
  const { resource, record, testId } = p;
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  return (
    <ConfirmButton
      label={translate('resources.dcdn/website.delete')}
      color="error"
      // the regular button style, as the row's Edit beside it
      withIcon
      testId={testId}
      blockedMessage={null}
      title="resources.dcdn/website.delete"
      content="resources.dcdn/website.confirmDelete"
      name={record.name}
      success="resources.dcdn/website.deleted"
      run={() => dataProvider.delete<T>(resource, { id: record.id, previousData: record })}
    />
  );
}
