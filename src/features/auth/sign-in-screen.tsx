import { ScreenHeader } from '../../ui/screen-header';

export function SignInScreen() {
  return <ScreenHeader title="SignInScreen" />;
}
