import { Paper, Stack, Text, Title } from '@mantine/core';
import type { LevelOfCompetition } from '../../../api/contract/common';
import type { TopLeader } from '../../../api/contract/leaders';
import { LeaderRow } from './leader-row';

export const NO_LEADERS_TEXT = 'There are no leaders yet';

/** One level's column; the bars are relative to its first (highest) leader. */
export function LeaderColumn({ level, leaders, viewerId }: { level: LevelOfCompetition; leaders: TopLeader[]; viewerId: number | null }) {
  const columnTop = Math.max(0, ...leaders.map((leader) => leader.annualPoints));
  const headingId = `leaders-${level.toLowerCase()}`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="sm" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {level}
        </Title>
        {leaders.length === 0 ? (
          <Text c="dimmed" size="sm">
            {NO_LEADERS_TEXT}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {leaders.map((leader, index) => (
              <LeaderRow key={leader.userId} leader={leader} rank={index + 1} columnTop={columnTop} isViewer={leader.userId === viewerId} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
