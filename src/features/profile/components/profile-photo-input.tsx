import { Avatar, Group } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { PhotoFileInput } from '../../../components/photo-file-input';

/** Preview of the chosen file, else the stored photo; the object URL is released when replaced. */
const usePreview = (file: File | null, stored: string | null) => {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ?? stored;
};

type Props = { value: File | null; stored: string | null; name: string; onChange: (file: File | null) => void; error?: string | null };

/** Photo picker with preview: over 1,000,000 bytes or another type is refused with a toast and not attached; the server's refusal shows on the field. */
export function ProfilePhotoInput({ value, stored, name, onChange, error }: Props) {
  const preview = usePreview(value, stored);
  return (
    <Group gap="md" wrap="nowrap" align={error ? 'center' : 'flex-end'}>
      <Avatar src={preview} alt={preview ? `Photo of ${name}` : undefined} name={name} color="brand.9" variant="filled" size={72} radius="xl" />
      <PhotoFileInput style={{ flex: 1, minWidth: 0 }} description=".png, .jpg or .jpeg, at most 1 MB" placeholder="Choose a new photo" value={value} onChange={onChange} error={error ?? undefined} />
    </Group>
  );
}
