/** The offline UI pieces mounted once in the app layout: offline banner and its announcements, update prompt, install offer. */
import './offline.css';
import { InstallOffer } from './install-offer';
import { OfflineBanner } from './offline-banner';
import { StatusAnnouncements } from './status-announcements';
import { UpdatePrompt } from './update-prompt';

export function OfflineRuntime() {
  return (
    <>
      <OfflineBanner />
      <StatusAnnouncements />
      <div className="pwa-cards">
        <UpdatePrompt />
        <InstallOffer />
      </div>
    </>
  );
}
