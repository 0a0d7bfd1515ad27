import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import type { LogSearchQuery } from '../../../dataProviders/api/traffic';
import { PortalApiError } from '../../../dataProviders/http';
import { useErrorText } from '../../../src/kit/errorText';

/** Where a download is: preparing the file, checking its address, handed to the browser, or failed. */
export type DownloadStep = 'idle' | 'preparing' | 'checking' | 'started' | 'failed';

/** Opens the address by navigation; the reply's content-disposition makes the browser save the file. */
export function openDownload(address: string): void {
  const a = document.createElement('a');
  a.href = address;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * The log download of spec §7/§8: logDownloadId makes the file and answers its address; a request
 * checks the address; then the browser opens it. Errors: 'The download address is wrong, please
 * contact customer service' when the check does not answer 200; the error text when the check fails;
 * otherwise the server's msg or 'Download Failed'.
 */
export function useLogDownload(open: (address: string) => void = openDownload) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const [step, setStep] = useState<DownloadStep>('idle');
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();
  const text = (err: unknown) => (err instanceof PortalApiError ? errorText(err) : null);

  const start = async (query: LogSearchQuery) => {
    setError(null);
    setStep('preparing');
    let address: string;
    try {
      address = await dataProvider.logDownloadId(query);
      if (!address) throw new PortalApiError('pages.cdn/newlog.download.failed', '1', 200);
    } catch (err) {
      // A server msg is shown as is; anything without one is 'Download Failed'.
      setError(errorText(err, 'pages.cdn/newlog.download.failed'));
      setStep('failed');
      return;
    }
    setStep('checking');
    let status: number;
    try {
      status = await dataProvider.logDownloadCheck(address);
    } catch (err) {
      setError(text(err) ?? translate('pages.cdn/newlog.download.failed'));
      setStep('failed');
      return;
    }
    if (status !== 200) {
      setError(translate('pages.cdn/newlog.download.wrongAddress'));
      setStep('failed');
      return;
    }
    open(address);
    setStep('started');
  };
  return { step, error, start, busy: step === 'preparing' || step === 'checking', reset: () => (setStep('idle'), setError(null)) };
}
