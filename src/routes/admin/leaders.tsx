import { createFileRoute } from '@tanstack/react-router';
import { LeadersScreen } from '../../features/leaders';

export const Route = createFileRoute('/admin/leaders')({
  component: LeadersScreen,
});
