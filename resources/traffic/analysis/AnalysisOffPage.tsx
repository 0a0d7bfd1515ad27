import { AnalysisScreen } from './AnalysisScreen';

/** /cdn/analysisOff: traffic analysis over a custom range, to the second (offLine calls). */
export function AnalysisOffPage() {
  return <AnalysisScreen variant="offLine" />;
}

export default AnalysisOffPage;
