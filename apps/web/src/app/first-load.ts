// Imported by main.tsx before lib/i18n (which waits for the locale chunk), so
// a signed-in first load starts its calls and route chunks while that loads.
import { startFirstLoad } from './early-start';

startFirstLoad();
