import { ScreenHeader } from '../../ui/screen-header';

export function EditProfileScreen() {
  return <ScreenHeader title="EditProfileScreen" />;
}
