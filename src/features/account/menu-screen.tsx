import { ScreenHeader } from '../../ui/screen-header';

export function MenuScreen() {
  return <ScreenHeader title="MenuScreen" />;
}
