import { ScreenHeader } from '../../ui/screen-header';

export function DeleteAccountScreen() {
  return <ScreenHeader title="DeleteAccountScreen" />;
}
