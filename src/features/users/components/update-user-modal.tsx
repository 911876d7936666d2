import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { genders, levels } from '../../../api/contract/common';
import { AdminUserUpdate, type User } from '../../../api/contract/users';
import { FormAlert, useSchemaForm } from '../../../components/form';
import { useUpdateUser } from '../api/use-update-user';
import { fullName, genderLabel } from './labels';
import { toIsoDay } from '@/domain/days';

const genderOptions = [
  { value: '', label: 'Select a gender', disabled: true },
  ...genders.map((value) => ({ value, label: genderLabel(value) })),
];
const levelOptions = [{ value: '', label: 'Select a level', disabled: true }, ...levels];
const today = () => toIsoDay(new Date());

const valuesOf = (user: User) =>
  ({
    firstName: user.firstName,
    lastName: user.lastName,
    dateOfBirth: user.dateOfBirth,
    gender: user.gender,
    levelOfCompetition: user.levelOfCompetition,
  }) as unknown as AdminUserUpdate;

/** 'Update user' (docs/product-rules.md#users-management): the five fields with the contract's messages; closes on success. */
export function UpdateUserModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const update = useUpdateUser();
  return (
    <Modal opened={user !== null} onClose={onClose} title="Update user" centered size="lg" closeOnClickOutside={!update.isPending}>
      {user && <UpdateUserForm key={user.id} user={user} update={update} onClose={onClose} />}
    </Modal>
  );
}

function UpdateUserForm({ user, update, onClose }: { user: User; update: ReturnType<typeof useUpdateUser>; onClose: () => void }) {
  const { form, onSubmit, formErrors, errorOf, pending } = useSchemaForm({
    schema: AdminUserUpdate,
    mode: 'onTouched',
    defaultValues: valuesOf(user),
    mutation: update,
    toVariables: (body) => ({ id: user.id, body }),
    onSuccess: onClose,
  });
  const { register } = form;

  return (
      <form noValidate aria-label={`Update ${fullName(user)}`} onSubmit={onSubmit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="First name" withAsterisk autoComplete="off" error={errorOf('firstName')} {...register('firstName')} />
            <TextInput label="Last name" withAsterisk autoComplete="off" error={errorOf('lastName')} {...register('lastName')} />
            <TextInput
              label="Date of birth"
              withAsterisk
              type="date"
              min="1900-01-01"
              max={today()}
              error={errorOf('dateOfBirth')}
              {...register('dateOfBirth')}
            />
            <NativeSelect label="Gender" withAsterisk data={genderOptions} error={errorOf('gender')} {...register('gender')} />
            <NativeSelect
              label="Level of competition"
              withAsterisk
              data={levelOptions}
              error={errorOf('levelOfCompetition')}
              {...register('levelOfCompetition')}
            />
          </SimpleGrid>
          <FormAlert messages={formErrors} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
  );
}
