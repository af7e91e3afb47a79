import { ScreenHeader } from '../../ui/screen-header';

export function FinishSignUpScreen() {
  return <ScreenHeader title="FinishSignUpScreen" />;
}
