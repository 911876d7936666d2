import { createFileRoute } from '@tanstack/react-router';
import { InvitationsScreen } from '../../../features/access';

export const Route = createFileRoute('/_admin/admin/invitations')({
  component: InvitationsScreen,
});
