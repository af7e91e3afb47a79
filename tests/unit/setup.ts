// IndexedDB for unit tests (the real one in the browser tests).
import 'fake-indexeddb/auto';
