/** The offline UI pieces mounted once in the app layout: offline banner, update prompt, install offer. */
import './offline.css';
import { InstallOffer } from './install-offer';
import { OfflineBanner } from './offline-banner';
import { UpdatePrompt } from './update-prompt';

export function OfflineRuntime() {
  return (
    <>
      <OfflineBanner />
      <div className="pwa-cards">
        <UpdatePrompt />
        <InstallOffer />
      </div>
    </>
  );
}
