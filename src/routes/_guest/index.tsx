import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../features/auth';

export const Route = createFileRoute('/_guest/')({
  component: LoginScreen,
});
