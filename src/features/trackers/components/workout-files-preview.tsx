import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { WorkoutFilesPreview } from '../../../api/contract/workout-files';

const dayText = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const count = (value: number, one: string, many: string) => `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

/** What importing the chosen files would do: each workout (date, type, minutes, or why it is skipped), the step days, the files with nothing in them. */
export function WorkoutFilesPreviewList({ preview }: { preview: WorkoutFilesPreview }) {
  const skipped = preview.workouts.filter((row) => row.skipped !== null).length + preview.notListed;
  return (
    <Stack gap="sm">
      <Text size="sm" aria-live="polite">
        {count(preview.toImport.workouts, 'workout', 'workouts')} to import
        {preview.toImport.stepDays > 0 && `, ${count(preview.toImport.stepDays, 'day', 'days')} of 10,000 steps to tick`}
        {skipped > 0 && `, ${count(skipped, 'workout', 'workouts')} skipped`}.
      </Text>
      {preview.workouts.length > 0 && (
        <section aria-labelledby="workout-files-workouts">
          <Title order={3} size="h6" id="workout-files-workouts" mb={4}>
            Workouts
          </Title>
          {/* A plain scroll box: focusable, so a keyboard can scroll a long list. */}
          <div tabIndex={0} role="region" aria-labelledby="workout-files-workouts" style={{ maxHeight: '40vh', overflowY: 'auto', overflowX: 'hidden' }}>
            <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
              {preview.workouts.map((row, index) => (
                <li key={index} data-testid="preview-workout">
                  <Group justify="space-between" gap={6} wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text size="sm" fw={500}>
                        {dayText(row.day)} · {row.type}
                        {row.minutes !== null && ` · ${row.minutes} min`}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end" title={row.file}>
                        {row.file}
                      </Text>
                    </div>
                    {row.skipped === null ? (
                      <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                        New
                      </Badge>
                    ) : (
                      <Text size="xs" c="dimmed" ta="right" maw="40%" style={{ flexShrink: 0 }}>
                        {row.skipped}
                      </Text>
                    )}
                  </Group>
                </li>
              ))}
            </Stack>
          </div>
          {preview.notListed > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              and {count(preview.notListed, 'older workout', 'older workouts')} outside the competition year
            </Text>
          )}
        </section>
      )}
      {(preview.steps.length > 0 || preview.stepDaysOutside > 0) && (
        <section aria-labelledby="workout-files-steps">
          <Title order={3} size="h6" id="workout-files-steps" mb={4}>
            Days of 10,000 steps
          </Title>
          <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
            {preview.steps.map((row) => (
              <li key={row.day}>
                <Text size="sm">
                  {dayText(row.day)} · {row.steps.toLocaleString('en-US')} steps{row.skipped ? ` · ${row.skipped}` : ''}
                </Text>
              </li>
            ))}
          </Stack>
          {preview.stepDaysOutside > 0 && (
            <Text size="xs" c="dimmed">
              {count(preview.stepDaysOutside, 'day', 'days')} outside the days that can still be changed
            </Text>
          )}
        </section>
      )}
      {preview.unusedCount > 0 && (
        <details>
          <summary>
            <Text span size="sm">
              {count(preview.unusedCount, 'file holds', 'files hold')} nothing to import
            </Text>
          </summary>
          <Stack component="ul" gap={2} mt={4} style={{ listStyle: 'none', paddingLeft: 0 }}>
            {preview.unusedFiles.map((file) => (
              <li key={file.file}>
                <Text size="xs" c="dimmed">
                  {file.file}: {file.reason}
                </Text>
              </li>
            ))}
          </Stack>
        </details>
      )}
    </Stack>
  );
}
