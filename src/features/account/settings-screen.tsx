import { ScreenHeader } from '../../ui/screen-header';

export function SettingsScreen() {
  return <ScreenHeader title="SettingsScreen" />;
}
