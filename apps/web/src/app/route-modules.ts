// The lazily loaded route modules, in one place: the router loads them when a
// route matches, and a signed-in first load starts its landing page's modules
// at once (app/first-load.ts) rather than after the locale and the router.
export const loadProtectedFrame = () => import('./routes/ProtectedFrame');
export const loadOverviewPage = () => import('@/features/overview/components/OverviewPage');
export const loadMonitoringPointPage = () =>
  import('@/features/monitoring-point/components/MonitoringPointPage');
export const loadWastePage = () => import('@/features/waste/components/WastePage');
