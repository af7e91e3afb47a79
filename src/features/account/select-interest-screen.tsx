import { ScreenHeader } from '../../ui/screen-header';

export function SelectInterestScreen() {
  return <ScreenHeader title="SelectInterestScreen" />;
}
