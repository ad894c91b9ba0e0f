; Node Type Studio installer for Windows (NSIS 3, Modern UI 2, Unicode).
;
; Compile on Windows after building the bundle with PyInstaller:
;   makensis /DVERSION=0.1.0 packaging\windows\installer.nsi
; or on Linux (Debian's nsis package) against a Windows build layout:
;   makensis -DVERSION=0.1.0 -DBUILD_DIR=/path/to/nodetype-studio -DICON=/path/to/nodetype-studio.ico \
;            -DOUTFILE=/path/to/setup.exe packaging/windows/installer.nsi
;
; BUILD_DIR is PyInstaller's one-folder output: nodetype-studio.exe, _internal\, plugins\.
; Per-machine install into Program Files, Start menu entry, uninstaller registered under
; "Apps & features", and NodeTypes YAML files offered "Open with Node Type Studio".

Unicode true
SetCompressor /SOLID lzma
RequestExecutionLevel admin

!ifndef VERSION
  !define VERSION "0.1.0"
!endif
!ifndef BUILD_DIR
  !define BUILD_DIR "..\..\dist\nodetype-studio"
!endif
!ifndef ICON
  !define ICON "..\..\build\pyinstaller\nodetype-studio\icons\nodetype-studio.ico"
!endif
!ifndef OUTFILE
  !define OUTFILE "..\..\dist\nodetype-studio-${VERSION}-win64.exe"
!endif

!define APPNAME "Node Type Studio"
!define EXE "nodetype-studio.exe"
!define PROGID "NodeTypeStudio.NodeTypes"
!define UNINSTKEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\NodeTypeStudio"
!define APPPATHKEY "Software\Microsoft\Windows\CurrentVersion\App Paths\${EXE}"

; Refuse to compile against an incomplete layout instead of producing a broken installer.
!if ! /FileExists "${BUILD_DIR}/${EXE}"
  !error "${BUILD_DIR}/${EXE} not found: build the bundle with PyInstaller first (or pass -DBUILD_DIR)"
!endif
!if ! /FileExists "${BUILD_DIR}/_internal/*"
  !error "${BUILD_DIR}/_internal is missing or empty: not a PyInstaller one-folder build"
!endif

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "x64.nsh"

Name "${APPNAME}"
OutFile "${OUTFILE}"
InstallDir "$PROGRAMFILES64\${APPNAME}"
InstallDirRegKey HKLM "${UNINSTKEY}" "InstallLocation"
BrandingText "${APPNAME} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APPNAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APPNAME} installer"
VIAddVersionKey "LegalCopyright" "MIT License"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APPNAME}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "${APPNAME} needs 64-bit Windows."
    Abort
  ${EndIf}
  SetRegView 64
FunctionEnd

Function un.onInit
  SetRegView 64
FunctionEnd

Section "${APPNAME} (required)" SecApp
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; A previous version's files could shadow new modules: start from an empty _internal.
  RMDir /r "$INSTDIR\_internal"
  File "${BUILD_DIR}/${EXE}"
  File /r "${BUILD_DIR}/_internal"
  SetOutPath "$INSTDIR\plugins"
  File /r "${BUILD_DIR}/plugins/*.*"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; "Apps & features" entry
  WriteRegStr HKLM "${UNINSTKEY}" "DisplayName" "${APPNAME}"
  WriteRegStr HKLM "${UNINSTKEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINSTKEY}" "Publisher" "Node Type Studio developers"
  WriteRegStr HKLM "${UNINSTKEY}" "DisplayIcon" "$INSTDIR\${EXE},0"
  WriteRegStr HKLM "${UNINSTKEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKLM "${UNINSTKEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKLM "${UNINSTKEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKLM "${UNINSTKEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINSTKEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKLM "${UNINSTKEY}" "EstimatedSize" "$0"
  ; Lets "Run" and other programs start nodetype-studio.exe by name.
  WriteRegStr HKLM "${APPPATHKEY}" "" "$INSTDIR\${EXE}"
SectionEnd

Section "Start menu entry" SecStartMenu
  CreateShortcut "$SMPROGRAMS\${APPNAME}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0
SectionEnd

Section "Open NodeTypes YAML files with ${APPNAME}" SecAssoc
  ; Windows associates by extension only, so the studio is offered in "Open with" for .yaml/.yml
  ; files without taking over their default program.
  WriteRegStr HKLM "Software\Classes\${PROGID}" "" "Node type definitions"
  WriteRegStr HKLM "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\${EXE},0"
  WriteRegStr HKLM "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
  WriteRegStr HKLM "Software\Classes\.yaml\OpenWithProgids" "${PROGID}" ""
  WriteRegStr HKLM "Software\Classes\.yml\OpenWithProgids" "${PROGID}" ""
  WriteRegStr HKLM "Software\Classes\Applications\${EXE}\SupportedTypes" ".yaml" ""
  WriteRegStr HKLM "Software\Classes\Applications\${EXE}\SupportedTypes" ".yml" ""
  WriteRegStr HKLM "Software\Classes\Applications\${EXE}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
  ; SHCNE_ASSOCCHANGED: let Explorer pick up the new association now.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

!insertmacro MUI_FUNCTION_DESCRIPTION_BEGIN
  !insertmacro MUI_DESCRIPTION_TEXT ${SecApp} "The studio and its bundled runtime."
  !insertmacro MUI_DESCRIPTION_TEXT ${SecStartMenu} "A ${APPNAME} entry in the Start menu."
  !insertmacro MUI_DESCRIPTION_TEXT ${SecAssoc} "Offer ${APPNAME} in 'Open with' for YAML files."
!insertmacro MUI_FUNCTION_DESCRIPTION_END

Section "Uninstall"
  Delete "$SMPROGRAMS\${APPNAME}.lnk"
  DeleteRegValue HKLM "Software\Classes\.yaml\OpenWithProgids" "${PROGID}"
  DeleteRegValue HKLM "Software\Classes\.yml\OpenWithProgids" "${PROGID}"
  DeleteRegKey HKLM "Software\Classes\${PROGID}"
  DeleteRegKey HKLM "Software\Classes\Applications\${EXE}"
  DeleteRegKey HKLM "${APPPATHKEY}"
  DeleteRegKey HKLM "${UNINSTKEY}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\uninstall.exe"
  ; Plugins are the user's files: remove only the README we installed, then the folder if empty.
  Delete "$INSTDIR\plugins\README.txt"
  RMDir "$INSTDIR\plugins"
  RMDir "$INSTDIR"
SectionEnd
