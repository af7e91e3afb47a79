import { ScreenHeader } from '../../ui/screen-header';

export function FaqScreen() {
  return <ScreenHeader title="FaqScreen" />;
}
