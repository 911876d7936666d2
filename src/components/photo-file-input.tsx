import { FileInput, type FileInputProps } from '@mantine/core';
import { useState } from 'react';
import { IconPhoto } from '@tabler/icons-react';
import { PHOTO_EXTENSIONS } from '../api/contract';
import { toast } from '../api/toasts';
import { photoFileProblem } from '../lib/photo-file';

type PhotoFileInputProps = Pick<FileInputProps<false>, 'description' | 'placeholder' | 'style' | 'error'> & {
  value: File | null;
  onChange: (file: File | null) => void;
};

/**
 * 'Photo' picker shared by sign-up and profile: a refused file (type, over 1 MB) gets a red toast,
 * the same words on the field, and is not attached. `error`: the server's refusal of the last upload.
 */
export function PhotoFileInput({ value, onChange, error, ...props }: PhotoFileInputProps) {
  const [refused, setRefused] = useState<string | null>(null);
  const choose = (file: File | null) => {
    const problem = file && photoFileProblem(file);
    if (problem) toast.info(problem, { color: 'red' });
    setRefused(problem);
    onChange(problem ? null : file);
  };
  return (
    <FileInput
      {...props}
      label="Photo"
      accept={PHOTO_EXTENSIONS.join(',')}
      leftSection={<IconPhoto size={18} />}
      clearable
      value={value}
      onChange={choose}
      error={refused ?? error}
    />
  );
}
