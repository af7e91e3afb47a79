import { ScreenHeader } from '../../ui/screen-header';

export function ForgotPasswordScreen() {
  return <ScreenHeader title="ForgotPasswordScreen" />;
}
