import { ScreenHeader } from '../../ui/screen-header';

export function SignUpScreen() {
  return <ScreenHeader title="SignUpScreen" />;
}
