import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ImportTokenCreate, type ImportTokenCreated } from '../../../api/contract/phone-apps';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { importTokenQueries } from '../api/import-token-queries';
import { useCreateImportToken } from '../api/use-create-import-token';
import { NewTokenPanel } from './new-token-panel';
import { TokenList } from './token-list';

/**
 * 'Connect a phone app' on the profile (docs/trackers.md#phone-apps): a web app cannot read Apple
 * Health or Health Connect, so a phone app sends workouts and steps here with a personal token.
 * Tokens are named, shown once, listed with their last use and revocable; the profile route's loader
 * brought the list.
 */
export function PhoneAppsSection() {
  const { data } = useSuspenseQuery(importTokenQueries.list());
  const create = useCreateImportToken();
  const [fresh, setFresh] = useState<ImportTokenCreated | null>(null);
  const { form, field, onSubmit, formErrors, pending } = useSchemaForm({
    schema: ImportTokenCreate,
    defaultValues: { name: '' },
    mutation: create,
    onSuccess: (created) => {
      setFresh(created);
      form.reset({ name: '' });
    },
  });
  const full = data.tokens.length >= data.limit;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="phone-apps-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="phone-apps-title">
            Connect a phone app
          </Title>
          <Text size="sm" c="dimmed">
            Apple Health and Android Health Connect cannot be read from a web page, but a phone app can send your workouts and daily steps here: Health
            Auto Export on an iPhone, or an iOS Shortcut, Tasker or a Health Connect webhook app. Create a token for the app, then paste the address and the
            token into it. A day of 10,000 steps or more ticks that day's step achievement.
          </Text>
        </div>
        {fresh && <NewTokenPanel name={fresh.created.name} token={fresh.token} onDone={() => setFresh(null)} />}
        <TokenList tokens={data.tokens} />
        {full ? (
          <Text size="sm">You have {data.limit} tokens, the most one person may hold: revoke one you no longer use to create another.</Text>
        ) : (
          <form noValidate aria-label="New phone app token" onSubmit={onSubmit}>
            <Group align="flex-start" wrap="wrap">
              <TextInput label="App name" description="So you can tell your tokens apart, e.g. iPhone" {...field('name')} style={{ flex: '1 1 14rem' }} />
              <Button type="submit" disabled={pending} mt={{ base: 0, xs: 46 }}>
                {pending ? 'Loading...' : 'Create token'}
              </Button>
            </Group>
            <FormAlert messages={formErrors} />
          </form>
        )}
      </Stack>
    </Paper>
  );
}
