import { ScreenHeader } from '../../ui/screen-header';

export function TermsScreen() {
  return <ScreenHeader title="TermsScreen" />;
}
