import { Button, Grid, Group, NativeSelect, Paper, Radio, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { genders, levels } from '../../../api/contract';
import { ProfileForm as ProfileSchema } from '../../../api/contract/profile';
import { type User } from '../../../api/contract/users';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { serverFormErrors } from '../../../api/form-errors';
import { useUpdateProfile } from '../api/use-update-profile';
import { changedFields, valuesOf, type ProfileValues } from '../changed-fields';
import { ProfilePhotoInput } from './profile-photo-input';
import './readable.css';
import { toIsoDay } from '@/domain/days';
import { LEVEL_RULE_EXPLAINED, LEVEL_WINDOW_LAST_DAY, isLevelWindowOpen } from '@/domain/competition';

export const LEVEL_WINDOW_NOTE = 'You can change your level of competition only in the first week of the new year';

type FormInput = z.input<typeof ProfileSchema>;
const genderOptions = genders.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
const today = () => toIsoDay(new Date());

/** The profile form (docs/product-rules.md#profile): signup fields without passwords plus activity sharing; Save sends only what changed. */
export function ProfileForm({ user, now = new Date(), emailNote }: { user: User; now?: Date; emailNote?: ReactNode }) {
  const [photo, setPhoto] = useState<File | null>(null);
  // The server's refusal of the photo (too large, not a PNG or JPEG inside) shows on the photo field.
  const [photoError, setPhotoError] = useState<string | null>(null);
  const choosePhoto = (file: File | null) => {
    setPhotoError(null);
    setPhoto(file);
  };
  const update = useUpdateProfile(user.id);
  const { form, onSubmit, formErrors, errorOf, controlled, pending } = useSchemaForm({
    schema: ProfileSchema,
    mode: 'onTouched',
    defaultValues: valuesOf(user) as unknown as FormInput,
    mutation: update,
    // docs/product-rules.md#profile: only the changed fields are sent.
    toVariables: (parsed, { formState: { dirtyFields } }) => ({ fields: changedFields(parsed, dirtyFields as Partial<Record<keyof ProfileValues, boolean>>), photo }),
    onSuccess: (saved: User) => {
      form.reset(valuesOf(saved) as unknown as FormInput);
      setPhoto(null);
    },
    onError: (error) => setPhotoError(serverFormErrors(error, ['photo']).fields[0]?.message ?? null),
  });
  const { register, formState } = form;
  // The address in force can change elsewhere (its link opened in another tab): an untouched field follows it.
  useEffect(() => {
    if (form.getValues('email') === form.formState.defaultValues?.email) form.resetField('email', { defaultValue: user.email });
  }, [form, user.email]);
  const sharing = controlled('isPrivateActivity');
  const levelOpen = isLevelWindowOpen(now);

  return (
    <Paper component="form" className="profile-readable" noValidate aria-label="Profile" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} onSubmit={onSubmit}>
      <Stack gap="md">
        <ProfilePhotoInput value={photo} stored={user.profilePicture} name={`${user.firstName} ${user.lastName}`} onChange={choosePhoto} error={photoError} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First name" autoComplete="given-name" {...register('firstName')} error={errorOf('firstName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last name" autoComplete="family-name" {...register('lastName')} error={errorOf('lastName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Date of birth" type="date" min="1900-01-01" max={today()} autoComplete="bday" {...register('dateOfBirth')} error={errorOf('dateOfBirth')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="Gender" data={genderOptions} {...register('gender')} error={errorOf('gender')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Email" type="email" autoComplete="email" {...register('email')} error={errorOf('email')} />
            {emailNote}
          </Grid.Col>
          <Grid.Col span={12}>
            <NativeSelect
              label="Level of competition"
              data={[...levels]}
              disabled={!levelOpen}
              description={
                levelOpen ? (
                  `Open until ${LEVEL_WINDOW_LAST_DAY} April`
                ) : (
                  <>
                    <span>{LEVEL_WINDOW_NOTE}</span>
                    <br />
                    <span>{LEVEL_RULE_EXPLAINED}</span>
                  </>
                )
              }
              {...register('levelOfCompetition')}
              error={errorOf('levelOfCompetition')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Radio.Group
              label="Activity sharing"
              description="Your activities appear in your colleagues' activity feed unless you keep them private"
              {...sharing}
              value={String(sharing.value)}
            >
              <Group gap="lg" mt="xs">
                <Radio value="false" label="Share my activity" onBlur={sharing.onBlur} />
                <Radio value="true" label="Keep my activity private" onBlur={sharing.onBlur} />
              </Group>
            </Radio.Group>
          </Grid.Col>
        </Grid>
        <FormAlert messages={formErrors} />
        <Group justify="flex-end">
          <Button type="submit" disabled={!(formState.isDirty || photo) || pending} loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
