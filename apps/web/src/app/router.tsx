import type { RouteObject } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { RedirectKeepingSearch } from './guards';
import { LoginRoute } from './routes/LoginRoute';
import { RootRoute, RouteErrorScreen } from './routes/RootRoute';
import { OverviewMoreCards } from './overview-cards';
import {
  loadMonitoringPointPage,
  loadOverviewPage,
  loadProtectedFrame,
  loadWastePage,
} from './route-modules';

/**
 * The app's routes. Monitor Point, Control, Report and Waste are lazily loaded
 * pages; the signed-in frame with Overview and Admin is split off as well so
 * the login screen's initial JavaScript stays within its 150 KB gzip budget.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootRoute,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: PageLoading,
    children: [
      { index: true, element: <RedirectKeepingSearch to="/dashboard" /> },
      {
        path: 'dashboard',
        children: [
          { path: 'login', Component: LoginRoute },
          {
            // The signed-in frame is its own chunk, so the login screen loads little.
            lazy: async () => ({
              Component: (await loadProtectedFrame()).ProtectedFrame,
            }),
            children: [
              { index: true, element: <RedirectKeepingSearch to="/dashboard/overview" /> },
              {
                path: 'overview',
                lazy: async () => {
                  const { OverviewPage } = await loadOverviewPage();
                  // Cards of other features join the Overview here (features never import each other).
                  return { Component: () => <OverviewPage more={<OverviewMoreCards />} /> };
                },
              },
              {
                path: 'monitoring-point',
                lazy: async () => ({
                  Component: (await loadMonitoringPointPage()).MonitoringPointPage,
                }),
              },
              {
                path: 'control',
                lazy: async () => ({
                  Component: (await import('@/features/control/components/ControlPage'))
                    .ControlPage,
                }),
              },
              {
                path: 'report',
                lazy: async () => ({
                  Component: (await import('@/features/report/components/ReportPage')).ReportPage,
                }),
              },
              {
                path: 'waste',
                lazy: async () => ({
                  Component: (await loadWastePage()).WastePage,
                }),
              },
              {
                // One sub-route per section (/dashboard/admin/users, …), all in one lazy chunk.
                path: 'admin/:section?',
                lazy: async () => ({
                  Component: (await import('@/features/admin/components/AdminPage')).AdminPage,
                }),
              },
              {
                // The developer test screen: dev mode only, not in the sidebar.
                path: 'signalr-test',
                lazy: async () => ({
                  Component: (await import('./routes/SignalRTestRoute')).SignalRTestRoute,
                }),
              },
              { path: '*', element: <RedirectKeepingSearch to="/dashboard/overview" /> },
            ],
          },
        ],
      },
      { path: '*', element: <RedirectKeepingSearch to="/dashboard" /> },
    ],
  },
];
