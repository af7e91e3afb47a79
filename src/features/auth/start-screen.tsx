import { ScreenHeader } from '../../ui/screen-header';

export function StartScreen() {
  return <ScreenHeader title="StartScreen" />;
}
