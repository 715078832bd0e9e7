// Dev mode is decided in one place with the links that carry it (lib/in-app-link).
export { isDevMode } from '@/lib/in-app-link';
