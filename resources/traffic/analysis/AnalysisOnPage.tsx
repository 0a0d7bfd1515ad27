import { AnalysisScreen } from './AnalysisScreen';

/** /cdn/analysisOn: real-time traffic analysis, to the minute (onLine calls and database curves). */
export function AnalysisOnPage() {
  return <AnalysisScreen variant="onLine" />;
}

export default AnalysisOnPage;
