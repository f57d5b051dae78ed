import '@mantine/core/styles/Modal.css';
import { Button, FileButton, Group, Modal, Text } from '@mantine/core';
import { analystPhotoMessages, analystPhotoProblem, messages, viewerAdminMessages } from '@portal/contract';
import { useEffect, useState } from 'react';
import { AnalystAvatar } from '../../../components/analyst-avatar.tsx';
import { FormAlert } from '../../../components/forms/form-feedback.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { readPictureFile } from '../../../lib/picture-file.ts';
import { useUploadAnalystPhoto } from '../api/viewer-admin-api.ts';

const texts = analystPhotoMessages;

interface Chosen {
  file: File;
  url: string;
  width: number;
  height: number;
}

/**
 * The analyst photo upload (spec 2 sections 5 and 8): PNG or JPEG, 253 px wide and 203 to 210 px high, checked
 * here on the file's first bytes and its real size (the spec's two messages), and again by the server. Loaded on
 * first use.
 */
export default function AnalystPhotoDialog({
  opened,
  reportId,
  analyst,
  onClose,
}: {
  opened: boolean;
  reportId: number;
  analyst: { id: number; name: string; image_path: string | null };
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const upload = useUploadAnalystPhoto(reportId, analyst.id);

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const reset = () => {
    setChosen(null);
    setProblem(null);
    setDone(null);
    upload.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = async (file: File | null) => {
    reset();
    if (!file) return;
    const picture = await readPictureFile(file);
    const wrong = picture
      ? analystPhotoProblem({ mime: picture.mime, width: picture.width, height: picture.height })
      : texts.wrongType;
    if (wrong || !picture) return setProblem(wrong ?? texts.wrongType);
    setChosen({ file, url: URL.createObjectURL(file), width: picture.width, height: picture.height });
  };

  const send = () => {
    if (!chosen) return;
    upload.mutate(chosen.file, {
      onSuccess: (reply) => {
        setChosen(null);
        setDone(reply.message);
      },
    });
  };

  const failure =
    upload.error instanceof ApiError && !upload.error.isNetworkError
      ? upload.error.message
      : upload.error
        ? messages.errors.internal
        : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={viewerAdminMessages.uploadPhotoOf(analyst.name)}
      centered
      closeButtonProps={{ 'aria-label': viewerAdminMessages.tileClose }}
    >
      <div>
        {chosen ? (
          <img
            src={chosen.url}
            alt=""
            width={chosen.width}
            height={chosen.height}
            style={{ maxWidth: '100%' }}
          />
        ) : (
          <AnalystAvatar name={analyst.name} imagePath={analyst.image_path} size={96} />
        )}
      </div>
      <Text size="sm" mt="sm" c="var(--portal-muted)" id="analyst-photo-rules">
        {texts.hint}
      </Text>
      {problem && (
        <FormAlert>
          <p>{problem}</p>
        </FormAlert>
      )}
      {failure && (
        <FormAlert>
          <p>{failure}</p>
        </FormAlert>
      )}
      {done && <Notice>{done}</Notice>}
      <Group justify="flex-end" mt="lg" gap="sm">
        <FileButton onChange={(file) => void choose(file)} accept="image/png,image/jpeg">
          {(props) => (
            <Button variant="default" aria-describedby="analyst-photo-rules" {...props}>
              {chosen ? texts.chooseAnother : texts.chooseFile}
            </Button>
          )}
        </FileButton>
        {done ? (
          <Button onClick={close}>{viewerAdminMessages.tileClose}</Button>
        ) : (
          <Button onClick={send} disabled={!chosen} loading={upload.isPending}>
            {viewerAdminMessages.uploadPhoto}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
