import { showServerErrorsOnFields } from '../../../api/form-errors';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { genders, levels } from '../../../api/contract/common';
import { AdminUserUpdate, type User } from '../../../api/contract/users';
import { useUpdateUser } from '../api/use-update-user';
import { fullName, genderLabel } from './labels';
import { toIsoDay } from '@/domain/days';

const FIELDS = ['firstName', 'lastName', 'dateOfBirth', 'gender', 'levelOfCompetition'] as const;
const genderOptions = [
  { value: '', label: 'Select a gender', disabled: true },
  ...genders.map((value) => ({ value, label: genderLabel(value) })),
];
const levelOptions = [{ value: '', label: 'Select a level', disabled: true }, ...levels];
const today = () => toIsoDay(new Date());

const valuesOf = (user: User | null) =>
  ({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    dateOfBirth: user?.dateOfBirth ?? '',
    gender: user?.gender ?? '',
    levelOfCompetition: user?.levelOfCompetition ?? '',
  }) as unknown as AdminUserUpdate;

/** 'Update user' (SPEC 2, 5): the five fields with the contract's messages; closes on success. */
export function UpdateUserModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const update = useUpdateUser();
  const { register, handleSubmit, reset, setError, formState } = useForm<AdminUserUpdate>({
    resolver: zodResolver(AdminUserUpdate),
    mode: 'onTouched',
    defaultValues: valuesOf(user),
  });
  useEffect(() => reset(valuesOf(user)), [user, reset]);
  const { errors } = formState;

  const submit = handleSubmit((body) => {
    if (!user) return;
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: onClose,
        onError: (error) => showServerErrorsOnFields(error, setError, FIELDS),
      },
    );
  });

  return (
    <Modal opened={user !== null} onClose={onClose} title="Update user" centered size="lg" closeOnClickOutside={!update.isPending}>
      <form noValidate aria-label={user ? `Update ${fullName(user)}` : 'Update user'} onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="First name" withAsterisk autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
            <TextInput label="Last name" withAsterisk autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
            <TextInput
              label="Date of birth"
              withAsterisk
              type="date"
              min="1900-01-01"
              max={today()}
              error={errors.dateOfBirth?.message}
              {...register('dateOfBirth')}
            />
            <NativeSelect label="Gender" withAsterisk data={genderOptions} error={errors.gender?.message} {...register('gender')} />
            <NativeSelect
              label="Level of competition"
              withAsterisk
              data={levelOptions}
              error={errors.levelOfCompetition?.message}
              {...register('levelOfCompetition')}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
