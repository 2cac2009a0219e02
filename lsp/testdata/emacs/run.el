;; TestEmacs's driver, after init.el: open the .mcp.json named by the first
;; argument, start eglot, wait for mcplint's diagnostic, apply the
;; preferred quick fix, save, and write what happened to the file named by
;; the second argument. Exits 0 when every step happened.
(let* ((file (pop command-line-args-left))
       (result (pop command-line-args-left))
       (lines '())
       (ok nil))
  (cl-flet ((note (fmt &rest args) (push (apply #'format fmt args) lines)))
    (unwind-protect
        (condition-case err
            (progn
              (find-file file)
              (note "mode %s" major-mode)
              (apply #'eglot (eglot--guess-contact))
              (let ((deadline (+ (float-time) 30)) diags)
                (while (and (null (setq diags (flymake-diagnostics)))
                            (< (float-time) deadline))
                  (accept-process-output nil 0.2))
                (dolist (d diags)
                  (note "diagnostic %d %s" (line-number-at-pos (flymake-diagnostic-beg d))
                        (flymake-diagnostic-text d)))
                (let* ((d (or (cl-find-if (lambda (d) (string-match-p "secrets/literal-key" (flymake-diagnostic-text d))) diags)
                              (error "no literal-key diagnostic within 30s")))
                       (actions (eglot-code-actions (flymake-diagnostic-beg d) (flymake-diagnostic-end d) "quickfix"))
                       (fix (or (cl-find-if (lambda (a) (plist-get a :isPreferred)) actions)
                                (error "no preferred quick fix among %d actions" (length actions)))))
                  (dolist (a actions) (note "offered %s" (plist-get a :title)))
                  (eglot--apply-workspace-edit (plist-get fix :edit))
                  (note "action %s" (plist-get fix :title))
                  (save-buffer)
                  (setq ok t))))
          (error (note "error %s" (error-message-string err))))
      (with-temp-file result
        (insert (mapconcat #'identity (nreverse lines) "\n") "\n"))
      (ignore-errors (eglot-shutdown (eglot-current-server)))
      (kill-emacs (if ok 0 1)))))
