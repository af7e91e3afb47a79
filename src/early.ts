// The early script (index.html, built by vite.config.ts's earlyStart plugin): see src/app/early-start.ts.
import { offerEarlyStart } from './app/early-start';

offerEarlyStart();
