// The one route table of the SPA (docs/product/screens.md). Feature engineers add their pages here.
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { AboutPage } from '../features/about';
import {
  ConfirmEmailPage,
  ForgotPasswordPage,
  LoginPage,
  RegisterPage,
  RegistrationSuccessPage,
  ResetPasswordPage,
  UpdatePasswordPage,
} from '../features/auth';
import { StudentTimesPage } from '../features/availability';
import { StudentClassesPage, TeacherClassesPage } from '../features/classes';
import { ContactPage } from '../features/contact';
import { HomePage } from '../features/home';
import { ImpressumPage, PrivacyPage } from '../features/legal';
import { ProfilePage } from '../features/profile';
import { SchedulingPage } from '../features/scheduling';
import { AppLayout } from '../shared/layout/AppLayout';
import { RequireAuth, RequireRole } from '../shared/layout/RouteGuard';
import { NotFoundPage } from './NotFoundPage';
import { RootErrorPage } from './RootErrorPage';

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RootErrorPage />,
    children: [
      {
        // Errors inside a page keep the navigation bar and footer around them.
        element: <Outlet />,
        errorElement: <RootErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'register/:registerShortcut', element: <RegisterPage /> },
          { path: 'registration-success', element: <RegistrationSuccessPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'update-password', element: <UpdatePasswordPage /> },
          { path: 'confirm-email', element: <ConfirmEmailPage /> },
          { path: 'impressum', element: <ImpressumPage /> },
          { path: 'datenschutz', element: <PrivacyPage /> },
          {
            path: 'profile',
            element: (
              <RequireAuth>
                <ProfilePage />
              </RequireAuth>
            ),
          },
          {
            path: 'scheduling/*',
            element: (
              <RequireRole role="teacher">
                <SchedulingPage />
              </RequireRole>
            ),
          },
          {
            path: 'me/classes',
            element: (
              <RequireRole role="teacher">
                <TeacherClassesPage />
              </RequireRole>
            ),
          },
          {
            path: 'student',
            element: (
              <RequireRole role="student">
                <StudentTimesPage />
              </RequireRole>
            ),
          },
          {
            path: 'student/classes',
            element: (
              <RequireRole role="student">
                <StudentClassesPage />
              </RequireRole>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
