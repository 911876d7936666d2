import { FileInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { PHOTO_EXTENSIONS, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE } from '../../../api/contract';
import { toast } from '../../../api/toasts';

export const PHOTO_TYPE_MESSAGE = 'Please choose a .png, .jpg or .jpeg photo';

/** Photo picker: files over 1,000,000 bytes or of another type are refused with a toast and not attached. */
export function PhotoInput({ value, onChange }: { value: File | null; onChange: (file: File | null) => void }) {
  const choose = (file: File | null) => {
    if (!file) return onChange(null);
    const name = file.name.toLowerCase();
    if (!PHOTO_EXTENSIONS.some((extension) => name.endsWith(extension))) {
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
    <FileInput
      label="Photo"
      description="Optional: .png, .jpg or .jpeg, at most 1 MB"
      placeholder="Choose a photo"
      accept={PHOTO_EXTENSIONS.join(',')}
      leftSection={<IconPhoto size={18} />}
      clearable
      value={value}
      onChange={choose}
    />
  );
}
