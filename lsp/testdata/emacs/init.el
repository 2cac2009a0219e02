;; The Emacs (eglot) block of docs/editors.md, as TestEmacs loads it.
(require 'eglot)
(add-to-list 'eglot-server-programs
             '((js-mode js-json-mode json-mode json-ts-mode conf-toml-mode toml-ts-mode yaml-mode yaml-ts-mode)
               . ("mcplint" "lsp")))
(add-to-list 'auto-mode-alist '("\\.mcplint\\.toml\\'" . conf-toml-mode))
