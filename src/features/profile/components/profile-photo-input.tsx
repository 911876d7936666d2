import { Avatar, FileInput, Group } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { PHOTO_EXTENSIONS, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE } from '../../../api/contract';
import { toast } from '../../../api/toasts';

export const PHOTO_TYPE_MESSAGE = 'Please choose a .png, .jpg or .jpeg photo';

/** Preview of the chosen file, else the stored photo; the object URL is released when replaced. */
const usePreview = (file: File | null, stored: string | null) => {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ?? stored;
};

/** Photo picker with preview: over 1,000,000 bytes or another type is refused with a toast and not attached. */
export function ProfilePhotoInput({ value, stored, name, onChange }: { value: File | null; stored: string | null; name: string; onChange: (file: File | null) => void }) {
  const preview = usePreview(value, stored);
  const choose = (file: File | null) => {
    if (!file) return onChange(null);
    if (!PHOTO_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension))) {
      toast.info(PHOTO_TYPE_MESSAGE, { color: 'red' });
      return onChange(null);
    }
    if (file.size > PHOTO_MAX_BYTES) {
      toast.info(PHOTO_TOO_LARGE_MESSAGE, { color: 'red' });
      return onChange(null);
    }
    onChange(file);
  };
  return (
    <Group gap="md" wrap="nowrap" align="flex-end">
      <Avatar src={preview} alt={preview ? `Photo of ${name}` : undefined} name={name} color="brand.9" variant="filled" size={72} radius="xl" />
      <FileInput
        style={{ flex: 1, minWidth: 0 }}
        label="Photo"
        description=".png, .jpg or .jpeg, at most 1 MB"
        placeholder="Choose a new photo"
        accept={PHOTO_EXTENSIONS.join(',')}
        leftSection={<IconPhoto size={18} />}
        clearable
        value={value}
        onChange={choose}
      />
    </Group>
  );
}
