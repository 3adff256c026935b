import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  /** alertdialog for messages that interrupt the user (errors, offline). */
  role?: 'dialog' | 'alertdialog';
}

/** The one modal shell: focus trapped inside, returned on close, Escape closes. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  role = 'dialog',
}: ModalProps) {
  return (
    <Dialog.Root open={open} {...(onOpenChange ? { onOpenChange } : {})}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content className="modal" role={role}>
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          <Dialog.Description className="modal__description">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
