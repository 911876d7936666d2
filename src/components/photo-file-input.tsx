import { FileInput, type FileInputProps } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { PHOTO_EXTENSIONS } from '../api/contract';
import { toast } from '../api/toasts';
import { photoFileProblem } from '../lib/photo-file';

type PhotoFileInputProps = Pick<FileInputProps<false>, 'description' | 'placeholder' | 'style'> & {
  value: File | null;
  onChange: (file: File | null) => void;
};

/** 'Photo' picker shared by sign-up and profile: a refused file (type, over 1 MB) gets a red toast and is not attached. */
export function PhotoFileInput({ value, onChange, ...props }: PhotoFileInputProps) {
  const choose = (file: File | null) => {
    const problem = file && photoFileProblem(file);
    if (problem) toast.info(problem, { color: 'red' });
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
    />
  );
}
